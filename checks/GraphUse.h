//===--- GraphUse.h - where a forward pass's graph goes, within a function ---===//
//
// Follows the value of one expression (a forward pass) through the statements
// of the function that computes it, as data flow on that value and on the
// local variables that it initializes, and says whether its autograd graph is
// dropped unused: every use reads it only through operations that carry no
// graph (`argmax`, a comparison, `item()`, `sizes()`, printing), or discards
// it, so nothing can run a backward pass on it and nothing keeps it. An
// argument of a function of the translation unit (or a lambda called by
// name) is followed into its body the same way, where returning it is also
// allowed (the call's value then carries it). Any other use (a store, an
// assignment, a return, a call of code that is neither a tensor operation
// nor of this translation unit, a lambda that captures it, a backward pass)
// gives up.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_GRAPHUSE_H
#define GPULEAK_CHECKS_GRAPHUSE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace clang::tidy::gpuleak {

/// Types whose values hold no tensor and refer to none: numbers, and the
/// library's shapes, scalars, devices, options, strings and streams.
bool holdsNoGraph(QualType T);

/// Library code whose functions compute a value from their inputs and keep
/// none of them: ATen, c10 and the C++ API's tensor functions, and the
/// standard library; not autograd, optimizers, modules, TorchScript modules,
/// data or serialization.
bool isValueLibrary(const FunctionDecl *FD);

/// Whether the graph that \p Source (an expression in the body of \p FD,
/// outside any lambda) records is dropped unused, as above. \p Carrier says
/// whether a type can hold a tensor. With \p FollowLocals, a local variable
/// (not a reference, not static) that \p Source initializes, or that is
/// assigned (`=`) a value carrying it, is followed too, through all its
/// uses, and at least one use that is not an assignment must read it; without
/// it, keeping the value in any variable gives up. On success, the location
/// of the statement where the last graph-carrying value ends (for a note).
/// With \p CacheOnlyCut, storing the graph under a key into a map member
/// of `this` (`cache_[key] = out`, `cache_.emplace(key, out)`) is no loss
/// when \p CacheOnlyCut says every read of that member reads its elements
/// only through values that carry no graph: the cache keeps the graph, but
/// nothing can differentiate it.
std::optional<SourceLocation>
graphDroppedUnused(const FunctionDecl *FD, const Expr *Source,
                   llvm::function_ref<bool(QualType)> Carrier,
                   bool FollowLocals = false,
                   llvm::function_ref<bool(const FieldDecl *)> CacheOnlyCut = nullptr);

/// The member of `this` that \p E names (`cache_`, `this->cache_`) when it
/// is a map of the standard library (`std::map`, `std::unordered_map`):
/// a cache keyed by its key.
const FieldDecl *keyedCacheMember(const Expr *E);

} // namespace clang::tidy::gpuleak

#endif
