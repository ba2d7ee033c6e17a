/*
 * replay_main: a `main` for the fuzz harnesses without libFuzzer.
 *
 *   fuzz_replay_X PATH...
 *
 * Runs LLVMFuzzerTestOneInput() once over every regular file named, and
 * over every regular file of every directory named (not recursively, in
 * name order, hidden files skipped). Built with any compiler, it makes the
 * committed corpora (fuzz/corpus/) part of every test run and reproduces a
 * finding without clang: `fuzz_replay_record crash-1234`.
 *
 * Exit status: 0 when every input ran (a violated invariant aborts), 1 when
 * a path cannot be read or no input was found.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs larger than this are refused (libFuzzer's inputs are far
 * smaller; the record limit is 4 MiB). */
#define REPLAY_MAX (16u * 1024u * 1024u)

static int run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf;
	size_t n;
	if (!fp) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	buf = malloc(REPLAY_MAX + 1u);
	if (!buf) {
		fclose(fp);
		fprintf(stderr, "replay: out of memory\n");
		return -1;
	}
	n = fread(buf, 1, REPLAY_MAX + 1u, fp);
	if (ferror(fp) || n > REPLAY_MAX) {
		fprintf(stderr, "replay: %s: %s\n", path,
		        ferror(fp) ? "read error" : "file too large");
		fclose(fp);
		free(buf);
		return -1;
	}
	fclose(fp);
	/* An exact-size copy, so that a read past the input is caught by
	 * AddressSanitizer as libFuzzer's own buffers would catch it. */
	{
		uint8_t *exact = malloc(n ? n : 1);
		if (!exact) {
			free(buf);
			fprintf(stderr, "replay: out of memory\n");
			return -1;
		}
		memcpy(exact, buf, n);
		free(buf);
		fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
		LLVMFuzzerTestOneInput(exact, n);
		free(exact);
	}
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of a directory, in name order; returns the number
 * run or -1. */
static long run_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	long ran = 0;
	if (!d) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **grown;
			cap = cap ? 2 * cap : 64;
			grown = realloc(names, cap * sizeof *names);
			if (!grown)
				break;
			names = grown;
		}
		names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (!names[n])
			break;
		sprintf(names[n], "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, by_name);
	for (i = 0; i < n; i++) {
		struct stat st;
		if (ran >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			if (run_file(names[i]) != 0)
				ran = -1;
			else
				ran++;
		}
		free(names[i]);
	}
	free(names);
	return ran;
}

int main(int argc, char **argv)
{
	long total = 0;
	int i;
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE-OR-DIRECTORY...\n", argv[0]);
		return 1;
	}
	for (i = 1; i < argc; i++) {
		struct stat st;
		long ran;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			return 1;
		}
		ran = S_ISDIR(st.st_mode) ? run_dir(argv[i])
		                          : (run_file(argv[i]) == 0 ? 1 : -1);
		if (ran < 0)
			return 1;
		total += ran;
	}
	if (total == 0) {
		fprintf(stderr, "replay: no input found\n");
		return 1;
	}
	printf("replay: %ld inputs ran clean\n", total);
	return 0;
}
