// Stub (seventeenth set, Cper0/Rein): libvncclient's client type as monitor.hpp uses it.
#pragma once
typedef struct _rfbClient { int width; int height; } rfbClient;
