/* lrs.c - HTTP to a Learning Record Store through libcurl (cli_lrs.h).
 *
 * libcurl is opened when a store is first opened, not linked: linked, it
 * and the thirty libraries it needs (TLS, LDAP, Kerberos, SSH...) were
 * loaded at every start, and the tutor's first frame took 2-3 times as
 * long (make bench-figures). */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <curl/curl.h>

#include "paratutor/cli/cli_lrs.h"
#include "paratutor/base/strbuf.h"

#define ANSWER_MAX ((size_t)8 << 20) /* the most of an answer kept */
#define SECRET_MAX 1024
#define LIBCURL "libcurl.so.4" /* Debian's libcurl4, which libcurl4-openssl-dev builds against */

/* The libcurl calls used here, from the library once it is open. */
static struct {
	CURLcode (*global_init)(long);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	const char *(*easy_strerror)(CURLcode);
	void (*easy_cleanup)(CURL *);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
} cu;

/* Sets the function pointer at slot to name's address in lib; false
 * when lib lacks it. */
static bool curl_symbol(void *lib, const char *name, void *slot)
{
	void *f = dlsym(lib, name);
	memcpy(slot, &f, sizeof f); /* POSIX: a function's address fits a void * */
	return f != NULL;
}

/* Opens libcurl once; false with the reason in why when it cannot. */
static bool curl_open(char *why, size_t size)
{
	static void *lib;
	if (lib != NULL)
		return true;
	void *h = dlopen(LIBCURL, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL || !curl_symbol(h, "curl_global_init", &cu.global_init) ||
	    !curl_symbol(h, "curl_easy_init", &cu.easy_init) || !curl_symbol(h, "curl_easy_setopt", &cu.easy_setopt) ||
	    !curl_symbol(h, "curl_easy_perform", &cu.easy_perform) ||
	    !curl_symbol(h, "curl_easy_getinfo", &cu.easy_getinfo) ||
	    !curl_symbol(h, "curl_easy_strerror", &cu.easy_strerror) ||
	    !curl_symbol(h, "curl_easy_cleanup", &cu.easy_cleanup) ||
	    !curl_symbol(h, "curl_slist_append", &cu.slist_append) ||
	    !curl_symbol(h, "curl_slist_free_all", &cu.slist_free_all)) {
		snprintf(why, size, "cannot load %s, which talking to an LRS needs (install the libcurl4 package)", LIBCURL);
		if (h != NULL)
			dlclose(h);
		return false;
	}
	lib = h;
	return true;
}

struct cli_lrs {
	CURL *curl;
	struct curl_slist *headers;
	char *base;     /* the address, without a trailing '/' */
	char key[SECRET_MAX];
	char secret[SECRET_MAX];
	bool have_auth;
};

/* Returns true when host (as in a URL, brackets kept) is this machine. */
static bool is_loopback(const char *host, size_t n)
{
	return (n == 9 && strncmp(host, "localhost", 9) == 0) || (n >= 4 && strncmp(host, "127.", 4) == 0) ||
	    (n == 5 && strncmp(host, "[::1]", 5) == 0);
}

/* Checks an LRS address: http or https, no user name or password in it
 * (they belong in the credentials file), and http only to this machine
 * (loopback), since Basic credentials would cross the network in clear.
 * False with the reason in why. */
static bool cli_lrs_url_ok(const char *url, char *why, size_t size)
{
	bool https = strncmp(url, "https://", 8) == 0, http = strncmp(url, "http://", 7) == 0;
	if (!https && !http) {
		snprintf(why, size, "the LRS address must start with https:// (like https://lrs.example.org/xapi)");
		return false;
	}
	const char *host = url + (https ? 8 : 7);
	size_t n = strcspn(host, "/?#");
	if (memchr(host, '@', n) != NULL) {
		snprintf(why, size, "the LRS address holds a user name or password; put key:secret in the file given "
		    "with --lrs-auth (or lrs_auth = FILE) instead");
		return false;
	}
	for (const char *c = url; *c; c++)
		if ((unsigned char)*c <= ' ' || *c == 0x7f) {
			snprintf(why, size, "the LRS address holds a space or a control character");
			return false;
		}
	size_t h = n;
	const char *colon = host[0] == '[' ? memchr(host, ']', n) : memchr(host, ':', n);
	if (colon != NULL)
		h = (size_t)(colon - host) + (host[0] == '[');
	if (http && !is_loopback(host, h)) {
		snprintf(why, size, "an http:// LRS address is only for this machine (127.0.0.1, localhost); use "
		    "https:// so the credentials do not cross the network in clear");
		return false;
	}
	return true;
}

/* Reads key:secret from the first line of path into l; false with why. */
static bool read_auth(cli_lrs *l, const char *path, char *why, size_t size)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(why, size, "%s: %s", path, errno == ELOOP ? "is a symbolic link; give the file itself" :
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return false;
	}
	const char *bad = !S_ISREG(st.st_mode) ? "is not a regular file" :
	    st.st_uid != geteuid() ? "belongs to another user; it must be yours" :
	    (st.st_mode & 077) != 0 ? "can be read or written by others; make it private with chmod 600" : NULL;
	if (bad != NULL) {
		snprintf(why, size, "%s %s (the LRS credentials file)", path, bad);
		close(fd);
		return false;
	}
	char buf[2 * SECRET_MAX + 4];
	ssize_t got = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (got < 0) {
		snprintf(why, size, "%s: %s", path, strerror(errno));
		return false;
	}
	buf[got] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	char *colon = strchr(buf, ':');
	size_t key_len = colon != NULL ? (size_t)(colon - buf) : 0;
	bool ok = colon != NULL && key_len > 0 && key_len < SECRET_MAX && colon[1] != '\0' &&
	    strlen(colon + 1) < SECRET_MAX;
	if (ok) {
		memcpy(l->key, buf, key_len);
		l->key[key_len] = '\0';
		snprintf(l->secret, sizeof l->secret, "%s", colon + 1);
		l->have_auth = true;
	} else {
		snprintf(why, size, "%s: the first line must be key:secret (the LRS's key and secret, each under "
		    "1024 bytes)", path);
	}
	memset(buf, 0, sizeof buf);
	return ok;
}

cli_lrs *cli_lrs_open(const char *url, const char *auth_path, char *why, size_t size)
{
	if (!cli_lrs_url_ok(url, why, size))
		return NULL;
	cli_lrs *l = calloc(1, sizeof *l);
	if (l == NULL || (l->base = strdup(url)) == NULL) {
		free(l);
		snprintf(why, size, "out of memory");
		return NULL;
	}
	size_t n = strlen(l->base);
	while (n > 0 && l->base[n - 1] == '/')
		l->base[--n] = '\0';
	if (auth_path != NULL && !read_auth(l, auth_path, why, size)) {
		cli_lrs_close(l);
		return NULL;
	}
	if (!curl_open(why, size)) {
		cli_lrs_close(l);
		return NULL;
	}
	cu.global_init(CURL_GLOBAL_DEFAULT);
	l->curl = cu.easy_init();
	l->headers = cu.slist_append(NULL, "X-Experience-API-Version: 1.0.3");
	struct curl_slist *more = l->headers ? cu.slist_append(l->headers, "Content-Type: application/json") : NULL;
	if (l->curl == NULL || more == NULL) {
		snprintf(why, size, "out of memory");
		cli_lrs_close(l);
		return NULL;
	}
	l->headers = more;
	CURL *c = l->curl;
	cu.easy_setopt(c, CURLOPT_HTTPHEADER, l->headers);
	cu.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	cu.easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
	cu.easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
	cu.easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
	cu.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	cu.easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
	cu.easy_setopt(c, CURLOPT_TIMEOUT, 120L);
	if (l->have_auth) {
		cu.easy_setopt(c, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
		cu.easy_setopt(c, CURLOPT_USERNAME, l->key);
		cu.easy_setopt(c, CURLOPT_PASSWORD, l->secret);
	}
	return l;
}

void cli_lrs_background(cli_lrs *l, long seconds)
{
	cu.easy_setopt(l->curl, CURLOPT_CONNECTTIMEOUT, seconds / 2 > 0 ? seconds / 2 : 1L);
	cu.easy_setopt(l->curl, CURLOPT_TIMEOUT, seconds);
	cu.easy_setopt(l->curl, CURLOPT_PROXY, ""); /* "": no proxy, whatever http_proxy and the rest say */
}

/* Keeps what the store answers, up to ANSWER_MAX. */
static size_t keep_answer(char *data, size_t size, size_t n, void *arg)
{
	pt_strbuf *b = arg;
	if (b->n + size * n <= ANSWER_MAX)
		strbuf_put(b, data, size * n);
	return size * n;
}

/* Copies the start of an answer into detail: its "message" when it is
 * JSON with one, else its first line; cut to fit. */
static void answer_detail(const char *text, char *detail, size_t size)
{
	const char *m = text != NULL ? strstr(text, "\"message\"") : NULL;
	const char *from = text != NULL ? text : "";
	if (m != NULL && (m = strchr(m + 9, '"')) != NULL)
		from = m + 1;
	size_t n = strcspn(from, m != NULL ? "\"\n" : "\n");
	if (n > 200)
		n = 200;
	snprintf(detail, size, "%.*s", (int)n, from);
}

/* Runs the request set up on l's handle; fills *out (may be NULL). */
static cli_lrs_status perform(cli_lrs *l, const char *url, char **out, long *http, char *detail, size_t size)
{
	pt_strbuf answer = { 0 };
	char err[CURL_ERROR_SIZE] = "";
	cu.easy_setopt(l->curl, CURLOPT_URL, url);
	cu.easy_setopt(l->curl, CURLOPT_WRITEFUNCTION, keep_answer);
	cu.easy_setopt(l->curl, CURLOPT_WRITEDATA, &answer);
	cu.easy_setopt(l->curl, CURLOPT_ERRORBUFFER, err);
	CURLcode rc = cu.easy_perform(l->curl);
	cu.easy_setopt(l->curl, CURLOPT_ERRORBUFFER, NULL);
	*http = 0;
	detail[0] = '\0';
	if (rc != CURLE_OK) {
		snprintf(detail, size, "%s", err[0] != '\0' ? err : cu.easy_strerror(rc));
		free(answer.s);
		return LRS_UNREACHABLE;
	}
	cu.easy_getinfo(l->curl, CURLINFO_RESPONSE_CODE, http);
	cli_lrs_status st = *http >= 200 && *http < 300 ? LRS_OK :
	    *http == 401 || *http == 403 ? LRS_REFUSED :
	    *http == 400 || *http == 409 || *http == 413 ? LRS_REJECTED : LRS_FAILED;
	if (st != LRS_OK)
		answer_detail(answer.s, detail, size);
	if (out != NULL && st == LRS_OK && !answer.failed) {
		*out = answer.s != NULL ? answer.s : strdup("");
		return *out != NULL ? st : LRS_FAILED;
	}
	free(answer.s);
	return st;
}

cli_lrs_status cli_lrs_post(cli_lrs *l, const char *body, size_t len, long *http, char *detail, size_t size)
{
	char *url = malloc(strlen(l->base) + sizeof "/statements");
	if (url == NULL) {
		snprintf(detail, size, "out of memory");
		return LRS_FAILED;
	}
	sprintf(url, "%s/statements", l->base);
	cu.easy_setopt(l->curl, CURLOPT_HTTPGET, 0L);
	cu.easy_setopt(l->curl, CURLOPT_POST, 1L);
	cu.easy_setopt(l->curl, CURLOPT_POSTFIELDS, body);
	cu.easy_setopt(l->curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	cli_lrs_status st = perform(l, url, NULL, http, detail, size);
	free(url);
	return st;
}

cli_lrs_status cli_lrs_get(cli_lrs *l, const char *path, char **out, long *http, char *detail, size_t size)
{
	/* A "more" link is absolute on the server ("/xapi/statements?..."):
	 * keep the scheme and host of the address. */
	const char *host = strstr(l->base, "://");
	size_t root = host != NULL ? (size_t)(host + 3 - l->base) + strcspn(host + 3, "/") : strlen(l->base);
	size_t need = strlen(l->base) + strlen(path) + 2;
	char *url = malloc(need);
	if (url == NULL) {
		snprintf(detail, size, "out of memory");
		return LRS_FAILED;
	}
	if (path[0] == '/')
		snprintf(url, need, "%.*s%s", (int)root, l->base, path);
	else
		snprintf(url, need, "%s/%s", l->base, path);
	cu.easy_setopt(l->curl, CURLOPT_POST, 0L);
	cu.easy_setopt(l->curl, CURLOPT_HTTPGET, 1L);
	*out = NULL;
	cli_lrs_status st = perform(l, url, out, http, detail, size);
	free(url);
	return st;
}

void cli_lrs_close(cli_lrs *l)
{
	if (l == NULL)
		return;
	if (l->curl != NULL)
		cu.easy_cleanup(l->curl);
	if (l->headers != NULL)
		cu.slist_free_all(l->headers);
	free(l->base);
	memset(l->secret, 0, sizeof l->secret);
	memset(l->key, 0, sizeof l->key);
	free(l);
}
