// Stub (eighteenth set, danielvegamyhre/gpt-cpp): see sentencepiece_trainer.h.
#pragma once
#include "sentencepiece_trainer.h"
