// sitegen: the "Print" link of the printable pages, from a file: the pages run no inline script (their CSP).
document.addEventListener("click", function (event) {
  if (event.target.closest && event.target.closest("[data-print]")) {
    event.preventDefault();
    window.print();
  }
});
