import { describe, expect, it } from 'vitest';
import { fitInto, MAX_ZOOM, MIN_ZOOM, panBy, transformOf, zoomAt, zoomTo } from './viewport';
import { parseRoute, hrefs } from './route';

describe('zoom and pan', () => {
  it('zooming keeps the point under the pointer in place', () => {
    const v = zoomAt({ x: 10, y: 20, k: 1 }, 2, 110, 220);
    expect(v.k).toBe(2);
    // the diagram point under (110, 220) was (100, 200); it is still there
    expect((110 - v.x) / v.k).toBeCloseTo(100);
    expect((220 - v.y) / v.k).toBeCloseTo(200);
  });

  it('zoom stays between the limits', () => {
    expect(zoomAt({ x: 0, y: 0, k: 1 }, 1000, 0, 0).k).toBe(MAX_ZOOM);
    expect(zoomAt({ x: 0, y: 0, k: 1 }, 0.0001, 0, 0).k).toBe(MIN_ZOOM);
    expect(zoomTo({ x: 0, y: 0, k: 0.5 }, 1, 0, 0).k).toBe(1);
  });

  it('pans by the drag distance', () => {
    expect(panBy({ x: 5, y: 5, k: 2 }, 10, -3)).toEqual({ x: 15, y: 2, k: 2 });
  });

  it('fits a large diagram into the box, centred, and never enlarges a small one', () => {
    const big = fitInto(2000, 1000, 1000, 800, 0);
    expect(big.k).toBe(0.5);
    expect(big.x).toBe(0);
    const small = fitInto(200, 100, 1000, 800, 0);
    expect(small.k).toBe(1);
    expect(small.x).toBe(400);
    expect(fitInto(0, 0, 100, 100)).toEqual({ x: 0, y: 0, k: 1 });
    expect(transformOf({ x: 1.234, y: 2, k: 0.5 })).toBe('translate(1.2px, 2px) scale(0.5)');
  });
});

describe('explorer routes', () => {
  it('parses every hash route, anything else is home', () => {
    expect(parseRoute('#/m/login')).toEqual({ name: 'machine', id: 'login', mode: 'diagram' });
    expect(parseRoute('#/m/login/step')).toEqual({ name: 'machine', id: 'login', mode: 'step' });
    expect(parseRoute('#/m/login/coverage')).toEqual({ name: 'machine', id: 'login', mode: 'coverage' });
    expect(parseRoute('#/m/login/nonsense')).toEqual({ name: 'machine', id: 'login', mode: 'diagram' });
    expect(parseRoute('#/live')).toEqual({ name: 'live' });
    expect(parseRoute('#/coverage')).toEqual({ name: 'coverage' });
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute('#/whatever')).toEqual({ name: 'home' });
  });

  it('builds the links it parses', () => {
    expect(parseRoute(hrefs.machine('a b', 'step'))).toEqual({ name: 'machine', id: 'a b', mode: 'step' });
    expect(hrefs.machine('login')).toBe('#/m/login');
  });
});
