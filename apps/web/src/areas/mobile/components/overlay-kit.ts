/** antd-mobile's imperative overlays; imported lazily by `overlay.ts` (with the React 19 render they need). */
import '../antd-mobile-setup.ts';

export { Dialog, Toast } from 'antd-mobile';
