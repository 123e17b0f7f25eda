#pragma once
#include <vtkSmartPointer.h>
class vtkRenderer {
 public:
  static vtkRenderer* New();
};
