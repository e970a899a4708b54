import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

// antd-mobile's imperative Toast and Dialog render through ReactDOM.render, gone in React 19:
// give them a React 19 root.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});
