// @kade/shared: every business rule of Kade, once. Runs in the browser and in Node.
export * from './money';
export * from './pricing';
export * from './order-status';
export * from './hours';
export * from './zone';
export * from './mobile';
export * from './ids';
export * from './catalogue';
export * from './constants';
export * from './permissions';
export * from './address';
export * from './receipt';
export * from './report';
export * from './api';
export * from './schemas';
export * from './files';
export * from './text';
