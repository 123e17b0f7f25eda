// Declarations of the SuiteSparse CHOLMOD names that rgl-epfl/cholespy's
// src/cholesky_solver.cpp uses (bench/labels/cuda-xtu-set.tsv), enough for
// clang to parse it; not the library's header, and no values it relies on.
#pragma once
#include <cstddef>

enum {
  CHOLMOD_A = 0,
  CHOLMOD_REAL = 1,
  CHOLMOD_SIMPLICIAL = 0,
  CHOLMOD_NESDIS = 3,
  CHOLMOD_NOT_POSDEF = 1,
};

struct cholmod_method_struct { int ordering; };
struct cholmod_common {
  int supernodal, status, nmethods, final_ll;
  cholmod_method_struct method[10];
};
struct cholmod_sparse { size_t nrow, ncol, nzmax; void *p, *i, *x; };
struct cholmod_dense { size_t nrow, ncol, nzmax, d; void *x; };
struct cholmod_factor { size_t n; void *Perm; };

int cholmod_start(cholmod_common *);
int cholmod_finish(cholmod_common *);
cholmod_sparse *cholmod_allocate_sparse(size_t, size_t, size_t, int, int, int,
                                        int, cholmod_common *);
int cholmod_free_sparse(cholmod_sparse **, cholmod_common *);
cholmod_factor *cholmod_analyze(cholmod_sparse *, cholmod_common *);
int cholmod_factorize(cholmod_sparse *, cholmod_factor *, cholmod_common *);
cholmod_sparse *cholmod_factor_to_sparse(cholmod_factor *, cholmod_common *);
cholmod_sparse *cholmod_transpose(cholmod_sparse *, int, cholmod_common *);
int cholmod_free_factor(cholmod_factor **, cholmod_common *);
cholmod_dense *cholmod_allocate_dense(size_t, size_t, size_t, int,
                                      cholmod_common *);
int cholmod_free_dense(cholmod_dense **, cholmod_common *);
cholmod_dense *cholmod_solve(int, cholmod_factor *, cholmod_dense *,
                             cholmod_common *);
