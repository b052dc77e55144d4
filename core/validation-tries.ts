/**
 * Transaction validation (spec 002 §9): the attempts a trader has to enter the value. The server
 * counts them and refuses one more (server/domain/security/validation.ts), the validation machine
 * shows the max-tries state after the last, and the texts name the number through {max}.
 */
export const MAX_VALIDATION_TRIES = 5;
