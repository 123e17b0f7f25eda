//===--- MissingDetachCheck.h - gpuleak-missing-detach ---------*- C++ -*-===//

#ifndef GPULEAK_CHECKS_MISSINGDETACHCHECK_H
#define GPULEAK_CHECKS_MISSINGDETACHCHECK_H

#include "TensorStores.h"

namespace clang::tidy::gpuleak {

/// Finds a tensor that carries autograd history and is carried into the next
/// iteration (or call) as an input of the computation that produces it, such
/// as a recurrent state, without detach(), so every iteration's graph stays
/// reachable.
///
/// For the user-facing documentation see docs/checks/missing-detach.md.
class MissingDetachCheck : public TensorStoreCheck {
public:
  using TensorStoreCheck::TensorStoreCheck;
  void onEndOfTranslationUnit() override;
};

} // namespace clang::tidy::gpuleak

#endif
