// Stub (seventeenth set, MihaiAnca13/GLPhysXRL): only included.
#pragma once
