#pragma once
#include <vtkSmartPointer.h>
class vtkProperty {
 public:
  static vtkProperty* New();
};
