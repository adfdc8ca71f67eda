export { LoginScreen } from './components/LoginScreen';
export { RegisterCompanyScreen } from './components/RegisterCompanyScreen';
export { ForgotPasswordScreen } from './components/ForgotPasswordScreen';
