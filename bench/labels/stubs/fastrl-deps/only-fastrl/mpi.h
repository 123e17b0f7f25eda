// Stub: fastrl.h includes <mpi.h> but calls no MPI function outside #if FASTRL_MPI.
#pragma once
