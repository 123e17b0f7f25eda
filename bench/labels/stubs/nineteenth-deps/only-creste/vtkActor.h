#pragma once
#include <vtkSmartPointer.h>
class vtkActor {
 public:
  static vtkActor* New();
};
