// Stub (eighteenth set, amjal/music-similarity-using-cuFFT): OpenMP runtime calls used.
#pragma once
extern "C" {
int omp_get_thread_num(void);
int omp_get_num_threads(void);
double omp_get_wtime(void);
}
