// The host portal's script: registers Yuyue as a qiankun sub-application shown under
// /portal/booking (its base path comes from the props), and navigates with the History API.
const { registerMicroApps, start } = window.qiankun;

/** What the host saw, for the tests to read. */
window.hostEvents = [];

registerMicroApps(
  [
    {
      name: 'yuyue',
      entry: '/yy-sys/',
      container: '#subapp',
      activeRule: '/portal/booking',
      props: { basePath: '/portal/booking' },
    },
  ],
  {
    afterMount: [async (app) => void window.hostEvents.push(`mounted ${app.name}`)],
    afterUnmount: [async (app) => void window.hostEvents.push(`unmounted ${app.name}`)],
  },
);

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-nav]') : null;
  if (!link) return;
  event.preventDefault();
  window.history.pushState(null, '', link.getAttribute('href'));
});

start({ prefetch: false });
