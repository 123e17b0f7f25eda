//===--- AfterErrors.h - analyse what parsed after a compiler error -*- C++ -*-===//
//
// clang stops a translation unit early when it fails: after its error limit
// (20 errors: "too many errors emitted, stopping now") and after a fatal
// error (a header not found), later #includes are skipped, so every
// declaration after that point is missing. gpuleak's own tools (gpuleak
// check, gpuleak-tidy, gpuleak-clangd) parse on, as libclang does with
// CXTranslationUnit_KeepGoing (DiagnosticsEngine::setFatalsAsError) and
// with no error limit, so that the checks see every function that parsed.
// The compiler's diagnostics are reported exactly as clang would have
// reported them: those that clang's limits would have suppressed are
// dropped on their way to the tool's consumer.
//
//===----------------------------------------------------------------------===//
#ifndef GPULEAK_CHECKS_AFTERERRORS_H
#define GPULEAK_CHECKS_AFTERERRORS_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class ASTContext;
class Preprocessor;
namespace tidy::gpuleak {

/// Set by gpuleak's own tools (gpuleak check, gpuleak-tidy, gpuleak-clangd)
/// before any translation unit is parsed. The plugin inside stock
/// clang-tidy leaves it false: clang-tidy's driver, its error limit and its
/// handling of fatal errors stay as they are.
extern bool ParseAfterErrors;

/// Records where the compiler's errors of the translation unit of \p PP
/// are, for mayRestOnUnseenCode(). When ParseAfterErrors is set, also: no
/// error limit and fatal errors kept going, with the compiler diagnostics
/// filtered to those that clang's own limits would have let through. Once
/// per translation unit; every gpuleak check calls it (GpuLeakCheck).
void parseAfterErrors(Preprocessor &PP);

/// Whether a finding at \p Loc may rest on code that clang could not see:
/// the one rule by which every check treats a translation unit with errors.
/// Code that names a declaration clang does not know (a missing header's,
/// another version's API), or that it could not parse, becomes an error
/// expression, an invalid or another declaration (`koi::trim(kept);`
/// declares a variable `kept`) or nothing at all, and may have released,
/// guarded, bounded, detached or handed on what the finding is about. So a
/// finding is kept only when its function (the outermost one around \p Loc)
/// shares nothing with such code: no such error lies in its body (an error
/// of its declaration alone, `override` on a method that overrides nothing,
/// hides no statement), it is no method of a class with an invalid member
/// or a method with such an error, it neither calls nor is called by a
/// function with one, and it reads no member or global variable that such a
/// function reads or names (the standard library's objects, `std::cout`,
/// hold no state of the project and do not count). Errors between declarations clang knows (`no
/// viable conversion`) hide nothing: the checks' own rules on refused code
/// judge them. After a fatal error that stopped the parse (the plugin in
/// stock clang-tidy) every finding may. False in a translation unit without
/// errors.
bool mayRestOnUnseenCode(SourceLocation Loc, ASTContext &Ctx);

} // namespace tidy::gpuleak
} // namespace clang

#endif
