import { usePlatformFrame } from '../../flows/shell';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import { TradingBlock } from './TradingBlock';
import './trading.css';

registerMessages(messages);

/** #/home: the embedded trading platform (minimum height 700, spec 000 §9; its messages: src/flows/shell.ts). */
export function HomeView() {
  const { t, lang } = useT();
  const frame = usePlatformFrame(lang);
  return (
    <section className="platform">
      <iframe
        className="platform__frame"
        title={t('home.platform_title')}
        src={frame.src}
        style={frame.minHeight ? { minHeight: frame.minHeight } : undefined}
      />
      <TradingBlock />
    </section>
  );
}
