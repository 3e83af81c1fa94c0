/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli.h -- build/simt's command line on the SM core (cli.c; the
 * specification is at the top of main.c).
 */
#ifndef SIMT_CLI_H
#define SIMT_CLI_H

/* Parses argv, runs, reports; the process's exit status (0, 1, 2). */
int simt_main(int argc, char **argv);

#endif
