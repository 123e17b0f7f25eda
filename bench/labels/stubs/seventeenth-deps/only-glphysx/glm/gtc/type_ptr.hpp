// Stub (seventeenth set, MihaiAnca13/GLPhysXRL): only included; the environment's PhysX/OpenGL code still fails (-ferror-limit=0).
#pragma once
namespace physx {}
