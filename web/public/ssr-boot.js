/* global document, window, requestAnimationFrame */
/*
 * Server-rendered pages only (issue 26, docs/decisions/0032): loads the app's modules once the
 * page has painted, so the stylesheets and the first photo never share the connection with
 * ~180 KiB of script the first paint does not need. The BFF writes the entry and the route's
 * chunks into this tag's data attributes. External (not inline): the CSP allows 'self' only.
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the frame that painted: the next animation frame, then a task.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') !== -1) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterPaint();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page opened in a background tab paints only when shown; never wait longer than this.
    setTimeout(start, 10000);
  } else if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint);
})();
