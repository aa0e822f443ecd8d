// One zod schema per request body of SPEC.md section 7; the server validates with them and the forms
// check with them, so both say the same thing.
export * from './fields';
export * from './users';
export * from './catalogue';
export * from './address';
export * from './orders';
export * from './format-error';
export * from './counters';
export * from './store';
export * from './riders';
export * from './credit';
