// Starts Swagger UI on /docs (colosseum serve --api-docs): a file of its own, since the
// pages' Content-Security-Policy runs no inline script.
const root = document.getElementById("swagger-ui");
window.SwaggerUIBundle({ url: root.dataset.spec, dom_id: "#swagger-ui" });
