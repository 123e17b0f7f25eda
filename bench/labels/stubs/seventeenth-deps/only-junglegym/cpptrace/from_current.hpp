// Stub (seventeenth set, rlorigro/jungle_gym_cpp): cpptrace's try/catch macros and the trace
// accessor the executables use.
#pragma once
#define CPPTRACE_TRY try
#define CPPTRACE_CATCH(param) catch (param)
namespace cpptrace {
struct stacktrace { void print_with_snippets() const; };
const stacktrace& from_current_exception();
}
