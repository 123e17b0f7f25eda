#pragma once
#include <vtkSmartPointer.h>
class vtkPointData {
 public:
  static vtkPointData* New();
};
