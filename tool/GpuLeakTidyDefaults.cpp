//===--- GpuLeakTidyDefaults.cpp - gpuleak-tidy's default checks ----------===//
//
// clang-tidy's default check list is `clang-diagnostic-*,clang-analyzer-*`
// (ClangTidyMain.cpp's DefaultChecks): run with no -checks and no
// .clang-tidy, gpuleak-tidy would run no gpuleak check and report nothing of
// what it is named for. gpuleak-tidy's default list is clang-tidy's plus
// `gpuleak-*`, as gpuleak-clangd's is clangd's plus `gpuleak-*`
// (docs/editors.md): a .clang-tidy `Checks` or -checks is applied after it,
// so `-*,...` or `-gpuleak-*` turns them off as it turns off the
// analyzer.
//
// clangTidyMain builds its default options inside a static function and
// hands them to FileOptionsProvider (or, with --config/--config-file, to
// ConfigOptionsProvider). The binary is linked with GNU ld's --wrap for the
// two constructors (tool/CMakeLists.txt): clangTidyMain's calls come here,
// which add `gpuleak-*` to the defaults and call the originals.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/ClangTidyOptions.h"

using clang::tidy::ClangTidyGlobalOptions;
using clang::tidy::ClangTidyOptions;
using clang::tidy::ConfigOptionsProvider;
using clang::tidy::FileOptionsProvider;
using FSRef = llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>;

#define GPULEAK_FILE_OPTIONS_PROVIDER                                          \
  "_ZN5clang4tidy19FileOptionsProviderC1ENS0_22ClangTidyGlobalOptionsENS0_"  \
  "16ClangTidyOptionsES3_N4llvm18IntrusiveRefCntPtrINS4_3vfs10FileSystemEEE"
#define GPULEAK_CONFIG_OPTIONS_PROVIDER                                        \
  "_ZN5clang4tidy21ConfigOptionsProviderC1ENS0_22ClangTidyGlobalOptionsENS0_" \
  "16ClangTidyOptionsES3_S3_N4llvm18IntrusiveRefCntPtrINS4_3vfs10FileSystemE" \
  "EE"

namespace gpuleak {

/// The options provider clangTidyMain made last (the one its context uses):
/// gpuleak-tidy validates its configurations before the analysis.
clang::tidy::ClangTidyOptionsProvider *LastOptionsProvider = nullptr;

/// clang-tidy's defaults with `gpuleak-*` after them.
static ClangTidyOptions withGpuleakChecks(ClangTidyOptions Defaults) {
  Defaults.Checks = Defaults.Checks && !Defaults.Checks->empty()
                        ? *Defaults.Checks + ",gpuleak-*"
                        : std::string("gpuleak-*");
  return Defaults;
}

// The constructors (complete-object, `this` first) and their wrappers.
void realFileOptionsProvider(FileOptionsProvider *This,
                             ClangTidyGlobalOptions GlobalOptions,
                             ClangTidyOptions DefaultOptions,
                             ClangTidyOptions OverrideOptions, FSRef FS)
    __asm__("__real_" GPULEAK_FILE_OPTIONS_PROVIDER);
void wrapFileOptionsProvider(FileOptionsProvider *This,
                             ClangTidyGlobalOptions GlobalOptions,
                             ClangTidyOptions DefaultOptions,
                             ClangTidyOptions OverrideOptions, FSRef FS)
    __asm__("__wrap_" GPULEAK_FILE_OPTIONS_PROVIDER);
void wrapFileOptionsProvider(FileOptionsProvider *This,
                             ClangTidyGlobalOptions GlobalOptions,
                             ClangTidyOptions DefaultOptions,
                             ClangTidyOptions OverrideOptions, FSRef FS) {
  realFileOptionsProvider(This, std::move(GlobalOptions),
                          withGpuleakChecks(std::move(DefaultOptions)),
                          std::move(OverrideOptions), std::move(FS));
  LastOptionsProvider = This;
}

void realConfigOptionsProvider(ConfigOptionsProvider *This,
                               ClangTidyGlobalOptions GlobalOptions,
                               ClangTidyOptions DefaultOptions,
                               ClangTidyOptions ConfigOptions,
                               ClangTidyOptions OverrideOptions, FSRef FS)
    __asm__("__real_" GPULEAK_CONFIG_OPTIONS_PROVIDER);
void wrapConfigOptionsProvider(ConfigOptionsProvider *This,
                               ClangTidyGlobalOptions GlobalOptions,
                               ClangTidyOptions DefaultOptions,
                               ClangTidyOptions ConfigOptions,
                               ClangTidyOptions OverrideOptions, FSRef FS)
    __asm__("__wrap_" GPULEAK_CONFIG_OPTIONS_PROVIDER);
void wrapConfigOptionsProvider(ConfigOptionsProvider *This,
                               ClangTidyGlobalOptions GlobalOptions,
                               ClangTidyOptions DefaultOptions,
                               ClangTidyOptions ConfigOptions,
                               ClangTidyOptions OverrideOptions, FSRef FS) {
  realConfigOptionsProvider(This, std::move(GlobalOptions),
                            withGpuleakChecks(std::move(DefaultOptions)),
                            std::move(ConfigOptions),
                            std::move(OverrideOptions), std::move(FS));
  LastOptionsProvider = This;
}

} // namespace gpuleak
