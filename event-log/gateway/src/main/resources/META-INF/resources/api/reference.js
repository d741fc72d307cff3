// The API reference: Swagger UI (the org.webjars:swagger-ui jar the gateway serves) reading the
// merged document of the public API. "Try it out" calls go to this gateway with the page's own
// cookie, or with a token given under "Authorize".
window.addEventListener('DOMContentLoaded', () => {
  window.SwaggerUIBundle({
    url: '/api/v1/openapi',
    dom_id: '#reference',
    deepLinking: true,
    // no call to the public validator service: nothing leaves this host
    validatorUrl: null,
    withCredentials: true,
    presets: [window.SwaggerUIBundle.presets.apis],
  });
});
