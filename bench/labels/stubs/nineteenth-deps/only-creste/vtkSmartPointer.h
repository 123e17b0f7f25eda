#pragma once
template <class T> class vtkSmartPointer {
 public:
  vtkSmartPointer();
  vtkSmartPointer(T* p);
  static vtkSmartPointer New();
  T* operator->() const;
  T* Get() const;
  operator T*() const;
};
