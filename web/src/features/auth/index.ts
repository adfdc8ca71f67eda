export { LoginScreen } from './components/LoginScreen';
/** Registration and password reset are chunks of their own: /login, which most visits open, carries neither. */
export const loadRegisterCompanyScreen = () => import('./components/RegisterCompanyScreen');
export const loadForgotPasswordScreen = () => import('./components/ForgotPasswordScreen');
