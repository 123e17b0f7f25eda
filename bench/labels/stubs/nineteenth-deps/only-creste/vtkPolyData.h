#pragma once
#include <vtkSmartPointer.h>
class vtkPolyData {
 public:
  static vtkPolyData* New();
};
