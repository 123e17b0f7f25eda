// Declarations-only stand-in for the OpenMP runtime calls LLM_cpp's data loader makes.
#pragma once
extern "C" {
void omp_set_num_threads(int num_threads);
int omp_get_num_threads(void);
int omp_get_thread_num(void);
int omp_get_max_threads(void);
}
