//===--- RetainedTensorCheck.h - gpuleak-retained-tensor -------*- C++ -*-===//

#ifndef GPULEAK_CHECKS_RETAINEDTENSORCHECK_H
#define GPULEAK_CHECKS_RETAINEDTENSORCHECK_H

#include "TensorStores.h"

namespace clang::tidy::gpuleak {

/// Finds tensors that carry autograd history, or sit in an unbounded
/// shape-keyed cache, stored where they outlive the loop iteration or call
/// that produced them: accumulated, put into a container, assigned to a
/// member, global or static, or written in place into a tensor that
/// outlives them.
///
/// For the user-facing documentation see docs/checks/retained-tensor.md.
class RetainedTensorCheck : public TensorStoreCheck {
public:
  using TensorStoreCheck::TensorStoreCheck;
  void onEndOfTranslationUnit() override;
};

} // namespace clang::tidy::gpuleak

#endif
