// conv-rates-fetch: downloads an exchange rates document for `conv rates update`.
//
// Usage: conv-rates-fetch URL MAX_BYTES
//   Writes the body of a 2xx answer to standard output and exits 0; otherwise writes one line
//   saying why to standard error and exits 1 (64 for a bad command line). conv reads and checks
//   the document itself: this program only moves bytes.
//
// libcurl gives what a download tool is expected to do: HTTPS verified against the system's
// certificates (or $SSL_CERT_FILE / $CURL_CA_BUNDLE when set), the proxy variables (http_proxy,
// https_proxy, all_proxy, no_proxy), up to three redirects between http and https only, and time
// limits. The body is bounded: more than MAX_BYTES stops the transfer at once.
#include <curl/curl.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

// Seconds to connect, and for the whole transfer (connection, redirects and body).
enum { connect_timeout = 10, total_timeout = 12 };

struct body {
  char *bytes;
  size_t count;
  size_t limit;
  int too_large;
};

static size_t keep(char *data, size_t size, size_t items, void *context) {
  struct body *body = context;
  size_t count = size * items;
  if (count > body->limit - body->count) {
    body->too_large = 1;
    return 0;  // stops the transfer: CURLE_WRITE_ERROR
  }
  memcpy(body->bytes + body->count, data, count);
  body->count += count;
  return count;
}

static int fail(const char *message, const char *detail) {
  fprintf(stderr, "%s%s\n", message, detail ? detail : "");
  return 1;
}

static int write_all(const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(STDOUT_FILENO, bytes, count);
    if (written < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    bytes += written;
    count -= (size_t)written;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fputs("usage: conv-rates-fetch URL MAX_BYTES\n", stderr);
    return 64;
  }
  const char *url = argv[1];
  char *end = NULL;
  long limit = strtol(argv[2], &end, 10);
  if (*argv[2] == '\0' || *end != '\0' || limit <= 0 || limit > 16L * 1024 * 1024) {
    fputs("conv-rates-fetch: MAX_BYTES must be a number of bytes from 1 to 16777216\n", stderr);
    return 64;
  }
  if (strncmp(url, "https://", 8) != 0 && strncmp(url, "http://", 7) != 0) {
    return fail("not an http or https URL: ", url);
  }
  // Ends with conv: a killed conv leaves no download running.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return fail("conv ended before the download started", NULL);
  signal(SIGPIPE, SIG_IGN);

  struct body body = {malloc((size_t)limit), 0, (size_t)limit, 0};
  if (!body.bytes || curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return fail("out of memory", NULL);
  CURL *curl = curl_easy_init();
  if (!curl) return fail("cannot start the HTTP client", NULL);
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "conv (rates update)");
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 3L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, (long)connect_timeout);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, (long)total_timeout);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXFILESIZE, limit);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, keep);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  // The variables the curl and wget tools honour for certificates; libcurl itself reads neither.
  const char *bundle = getenv("CURL_CA_BUNDLE");
  if (!bundle || !*bundle) bundle = getenv("SSL_CERT_FILE");
  if (bundle && *bundle) curl_easy_setopt(curl, CURLOPT_CAINFO, bundle);

  CURLcode code = curl_easy_perform(curl);
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  char limit_text[64];
  snprintf(limit_text, sizeof limit_text, "larger than %ld KB", limit / 1024);
  if (body.too_large || code == CURLE_FILESIZE_EXCEEDED) return fail("refused the answer: ", limit_text);
  switch (code) {
  case CURLE_OK: break;
  case CURLE_OPERATION_TIMEDOUT: {
    char seconds[64];
    snprintf(seconds, sizeof seconds, "timed out after %d s", status ? total_timeout : connect_timeout);
    return fail(seconds, NULL);
  }
  case CURLE_COULDNT_CONNECT: {
    // libcurl's own text adds how long the attempt took: the address is what matters.
    char *address = NULL;
    curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &address);
    return fail("connection refused or unreachable: ", address && *address ? address : url);
  }
  case CURLE_COULDNT_RESOLVE_HOST: return fail("cannot find the server (no network?): ", error);
  case CURLE_COULDNT_RESOLVE_PROXY: return fail("cannot find the proxy: ", error);
  case CURLE_PEER_FAILED_VERIFICATION: return fail("TLS: the server's certificate could not be verified: ", error);
  case CURLE_SSL_CONNECT_ERROR: return fail("TLS handshake failed: ", error);
  case CURLE_PARTIAL_FILE:
  case CURLE_RECV_ERROR:
  case CURLE_GOT_NOTHING: return fail("the connection ended before the whole body came (truncated)", NULL);
  case CURLE_TOO_MANY_REDIRECTS: return fail("more than 3 redirects", NULL);
  case CURLE_UNSUPPORTED_PROTOCOL: return fail("redirected to a URL that is not http or https: ", error);
  default: return fail("download failed: ", *error ? error : curl_easy_strerror(code));
  }
  if (status < 200 || status > 299) {
    char line[64];
    snprintf(line, sizeof line, "HTTP %ld from ", status);
    return fail(line, url);
  }
  if (write_all(body.bytes, body.count) != 0) return fail("cannot write the document: ", strerror(errno));
  curl_easy_cleanup(curl);
  curl_global_cleanup();
  free(body.bytes);
  return 0;
}
