//===--- LocalFacts.h - summary facts read from one function body -*- C++ -*-===//
//
// The facts of a function summary (summaries/Summaries.h) about grad mode and
// forward passes, read from a function's body in the translation unit that
// defines it. Stores and results come from the provenance analysis
// (TensorStores.h), which owns the data flow.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_SUMMARIES_LOCALFACTS_H
#define GPULEAK_CHECKS_SUMMARIES_LOCALFACTS_H

#include "Summaries.h"
#include "clang/AST/ASTContext.h"
#include <memory>
#include <optional>

namespace clang::tidy::gpuleak {

/// What forwardRunBy() read from each body (its forward calls, calls,
/// guards and lambdas), kept across its calls in one translation unit: each
/// function summarized asks about its callees, 4 calls deep, and would
/// match their bodies again. Clear it with the AST it points into.
class ForwardFactsCache {
public:
  ForwardFactsCache();
  ~ForwardFactsCache();
  void clear();
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Where \p FD (defined in this TU) runs a forward pass with the grad mode
/// its caller set: a forward call in its body that no grad-disabling guard
/// of the body covers, a computation so uncovered with a module's trainable
/// parameters whose value it returns (isParameterOp()), or a call, so
/// uncovered, of a function that runs one
/// (defined in this TU, at most 4 calls deep, or known to \p Index). Forward
/// calls inside lambdas are not counted: a lambda may run anywhere. With
/// \p Cache, a body read before is not matched again.
std::optional<SourceLocation> forwardRunBy(const FunctionDecl *FD,
                                           ASTContext &Ctx,
                                           const ProjectIndex *Index = nullptr,
                                           ForwardFactsCache *Cache = nullptr);

/// Whether \p C computes with a module's trainable parameter, read directly
/// as its object or an argument (`fc1->weight.t()`, `torch::matmul(x, W)`),
/// into a value that may hold its graph: not a cut (`detach()`, `item()`, a
/// size), not an in-place write (`weight.uniform_()`, the initializers of
/// `torch::nn::init`), not a copy (`to()`, `cpu()`, `clone()`), and not an
/// assignment. A parameter is a tensor member
/// of a LibTorch layer under the names its parameters have (`weight`,
/// `bias`, `in_proj_weight`, `weight_ih`; not a loss's `weight`, a buffer),
/// or a tensor member of a project module that its constructor assigns from
/// `register_parameter`. forwardRunBy() counts one whose value the function
/// returns as a forward pass.
bool isParameterOp(const CallExpr *C, ASTContext &Ctx);

/// Whether \p Field is a trainable parameter of a module: a tensor member
/// of a LibTorch layer under the names its parameters have (`weight`,
/// `bias`; not a loss's `weight`), or a tensor member of a project module
/// that its constructor assigns from `register_parameter`.
bool isModuleParameter(const FieldDecl *Field, ASTContext &Ctx);

/// \p L (its expansion) as a place: the file's path made absolute against
/// the working directory of the TU, without `.` and `..`, as clang-tidy's
/// diagnostics name it (gpuleak check matches notes by place); an empty place
/// for a location in no file.
SummaryPlace placeOf(SourceLocation L, const SourceManager &SM);

/// The location of \p P in \p SM, loading its file if the TU did not;
/// invalid when the file cannot be read.
SourceLocation locationOf(const SummaryPlace &P, SourceManager &SM);

/// With the project index: CalledUnguardedNote for \p FD, and the place in
/// \p SM of each call that runs it with grad mode on
/// (ProjectIndex::unguardedCalls) whose file can be read. The notes
/// `gpuleak check` gives after the last file.
std::vector<std::pair<std::string, SourceLocation>>
calledUnguardedNotes(const ProjectIndex &Index, const FunctionDecl *FD,
                     SourceManager &SM);

/// Whether grad mode is off for the whole body of \p FD: a guard that
/// disables it is declared in the body's outermost block before any call.
bool disablesGradForBody(const FunctionDecl *FD, ASTContext &Ctx);

/// The parameters of \p FD (defined in this TU, or a template's
/// instantiation) that it invokes, with whether every use of each is an
/// invocation under a guard of \p FD that turns grad mode off
/// (ParamInvoke::Guard) and whether one is in a loop. A call inside a lambda
/// of \p FD counts as guarded only by a guard inside that lambda.
std::vector<ParamInvoke> invokedParams(const FunctionDecl *FD, ASTContext &Ctx);

/// The parameter of \p Call's callee that argument \p Arg is passed to, or
/// -1 (a variadic argument, or no direct callee).
int paramOfArgument(const CallExpr *Call, unsigned Arg);

} // namespace clang::tidy::gpuleak

#endif
