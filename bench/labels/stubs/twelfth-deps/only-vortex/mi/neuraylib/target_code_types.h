// Stub of the MDL SDK's target_code_types.h (twelfth set, LorenzoMauro/Vortex only).
#pragma once
namespace mi { namespace neuraylib {
template <typename T> struct Shading_state_material_impl {};
typedef Shading_state_material_impl<bool> Shading_state_material;
struct Resource_data {};
struct Texture_handler_base {};
struct Bsdf_sample_data {}; struct Bsdf_evaluate_data_base {}; struct Bsdf_pdf_data {}; struct Bsdf_auxiliary_data_base {};
struct Edf_sample_data {}; struct Edf_evaluate_data_base {}; struct Edf_pdf_data {};
} }
