/** The body of an actor declared in setup() that src/flows provides (and tests fake). */
export const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
