/** Login's answer schema on its own, so `login()` can fetch it (and zod) when it is called. */
export { loginResponseSchema } from '@kreechat/contract';
