// Stub of g3log; see loglevels.hpp.
#pragma once
#include <g3log/loglevels.hpp>
#include <g3log/logmessage.hpp>
#include <iostream>
#define LOG(level) ((void)(level), std::cerr)
#define LOG_IF(level, cond) if (cond) std::cerr
#define CHECK(cond) if (!(cond)) std::cerr
namespace g3 { class LogWorker; inline void initializeLogging(LogWorker *) {} }
