#pragma once
#include <vtkSmartPointer.h>
class vtkGeometryFilter {
 public:
  static vtkGeometryFilter* New();
};
