// Module Federation needs the shared modules negotiated before any of them is used: the app
// starts from an asynchronous boundary.
import('./bootstrap').catch((error: unknown) => {
  console.error('Caliber could not start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Caliber could not start. Reload the page to try again.';
});
