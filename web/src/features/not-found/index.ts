export { NotFoundScreen } from './components/NotFoundScreen';
