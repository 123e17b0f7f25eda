// Stub (seventeenth set, dmitryponv/PPOCore3D): the Win32 types that Grapher.h and Manipulator.h
// declare members and parameters with; the window code's bodies still fail (-ferror-limit=0
// lets clang go on to ppo.cpp's own functions).
#pragma once
typedef void* HWND; typedef void* HINSTANCE; typedef void* HDC; typedef void* HBRUSH; typedef void* HPEN;
typedef void* HANDLE; typedef void* HGDIOBJ; typedef void* HFONT; typedef void* HBITMAP;
typedef unsigned int UINT; typedef unsigned long DWORD; typedef long LONG; typedef int BOOL;
typedef long long LRESULT; typedef unsigned long long WPARAM; typedef long long LPARAM;
typedef const char* LPCSTR; typedef const wchar_t* LPCWSTR;
typedef struct tagRECT { LONG left, top, right, bottom; } RECT;
typedef struct tagPOINT { LONG x, y; } POINT;
typedef struct tagMSG { HWND hwnd; UINT message; WPARAM wParam; LPARAM lParam; } MSG;
#define CALLBACK
#define WINAPI
