/*===- nvtx3/nvToolsExt.h - NVIDIA Tools Extension, no tool attached ------===*
 *
 * NVTX's C API (version 3), header-only as NVIDIA's is, for code that marks
 * ranges and names threads for a profiler. NVIDIA's functions forward to a
 * tool that a profiler injects at run time and, without one, return what
 * these return: nothing happens, pushes and pops give
 * NVTX_NO_PUSH_POP_TRACKING, range starts 0, domains and registered strings
 * null handles. No AMD profiler reads NVTX, so no tool is ever attached.
 * Types, enumerators and values are NVTX's.
 *
 *===----------------------------------------------------------------------===*/
#ifndef CUCC_NVTX3_NVTOOLSEXT_H
#define CUCC_NVTX3_NVTOOLSEXT_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 3
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)
#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE                                          \
  ((uint16_t)(sizeof(nvtxEventAttributes_t)))
#define NVTX_INITIALIZATION_ATTRIB_STRUCT_SIZE                                 \
  ((uint16_t)(sizeof(nvtxInitializationAttributes_t)))
#define NVTX_RESOURCE_ATTRIB_STRUCT_SIZE                                       \
  ((uint16_t)(sizeof(nvtxResourceAttributes_t)))

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

typedef enum nvtxColorType_t {
  NVTX_COLOR_UNKNOWN = 0,
  NVTX_COLOR_ARGB = 1
} nvtxColorType_t;

typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

typedef struct nvtxInitializationAttributes_v2 {
  uint16_t version;
  uint16_t size;
} nvtxInitializationAttributes_t;

typedef struct nvtxResourceAttributes_v0 {
  uint16_t version;
  uint16_t size;
  int32_t identifierType;
  union identifier_t {
    const void *pValue;
    uint64_t ullValue;
  } identifier;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxResourceAttributes_v0;
typedef struct nvtxResourceAttributes_v0 nvtxResourceAttributes_t;

#define CUCC_NVTX_API static inline __attribute__((unused))

CUCC_NVTX_API int nvtxInitialize(const void *Reserved) {
  (void)Reserved;
  return NVTX_SUCCESS;
}
CUCC_NVTX_API void nvtxMarkEx(const nvtxEventAttributes_t *Attributes) {
  (void)Attributes;
}
CUCC_NVTX_API void nvtxMarkA(const char *Message) { (void)Message; }
CUCC_NVTX_API void nvtxMarkW(const wchar_t *Message) { (void)Message; }
CUCC_NVTX_API nvtxRangeId_t
nvtxRangeStartEx(const nvtxEventAttributes_t *Attributes) {
  (void)Attributes;
  return 0;
}
CUCC_NVTX_API nvtxRangeId_t nvtxRangeStartA(const char *Message) {
  (void)Message;
  return 0;
}
CUCC_NVTX_API nvtxRangeId_t nvtxRangeStartW(const wchar_t *Message) {
  (void)Message;
  return 0;
}
CUCC_NVTX_API void nvtxRangeEnd(nvtxRangeId_t Id) { (void)Id; }
CUCC_NVTX_API int nvtxRangePushEx(const nvtxEventAttributes_t *Attributes) {
  (void)Attributes;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCC_NVTX_API int nvtxRangePushA(const char *Message) {
  (void)Message;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCC_NVTX_API int nvtxRangePushW(const wchar_t *Message) {
  (void)Message;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCC_NVTX_API int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }
CUCC_NVTX_API void nvtxNameCategoryA(uint32_t Category, const char *Name) {
  (void)Category;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameCategoryW(uint32_t Category, const wchar_t *Name) {
  (void)Category;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameOsThreadA(uint32_t ThreadId, const char *Name) {
  (void)ThreadId;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameOsThreadW(uint32_t ThreadId, const wchar_t *Name) {
  (void)ThreadId;
  (void)Name;
}

CUCC_NVTX_API nvtxDomainHandle_t nvtxDomainCreateA(const char *Name) {
  (void)Name;
  return (nvtxDomainHandle_t)0;
}
CUCC_NVTX_API nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *Name) {
  (void)Name;
  return (nvtxDomainHandle_t)0;
}
CUCC_NVTX_API void nvtxDomainDestroy(nvtxDomainHandle_t Domain) {
  (void)Domain;
}
CUCC_NVTX_API void nvtxDomainMarkEx(nvtxDomainHandle_t Domain,
                                    const nvtxEventAttributes_t *Attributes) {
  (void)Domain;
  (void)Attributes;
}
CUCC_NVTX_API nvtxRangeId_t
nvtxDomainRangeStartEx(nvtxDomainHandle_t Domain,
                       const nvtxEventAttributes_t *Attributes) {
  (void)Domain;
  (void)Attributes;
  return 0;
}
CUCC_NVTX_API void nvtxDomainRangeEnd(nvtxDomainHandle_t Domain,
                                      nvtxRangeId_t Id) {
  (void)Domain;
  (void)Id;
}
CUCC_NVTX_API int nvtxDomainRangePushEx(nvtxDomainHandle_t Domain,
                                        const nvtxEventAttributes_t *Attributes) {
  (void)Domain;
  (void)Attributes;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCC_NVTX_API int nvtxDomainRangePop(nvtxDomainHandle_t Domain) {
  (void)Domain;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCC_NVTX_API nvtxStringHandle_t
nvtxDomainRegisterStringA(nvtxDomainHandle_t Domain, const char *String) {
  (void)Domain;
  (void)String;
  return (nvtxStringHandle_t)0;
}
CUCC_NVTX_API nvtxStringHandle_t
nvtxDomainRegisterStringW(nvtxDomainHandle_t Domain, const wchar_t *String) {
  (void)Domain;
  (void)String;
  return (nvtxStringHandle_t)0;
}
CUCC_NVTX_API void nvtxDomainNameCategoryA(nvtxDomainHandle_t Domain,
                                           uint32_t Category,
                                           const char *Name) {
  (void)Domain;
  (void)Category;
  (void)Name;
}
CUCC_NVTX_API void nvtxDomainNameCategoryW(nvtxDomainHandle_t Domain,
                                           uint32_t Category,
                                           const wchar_t *Name) {
  (void)Domain;
  (void)Category;
  (void)Name;
}
CUCC_NVTX_API nvtxResourceHandle_t
nvtxDomainResourceCreate(nvtxDomainHandle_t Domain,
                         nvtxResourceAttributes_t *Attributes) {
  (void)Domain;
  (void)Attributes;
  return (nvtxResourceHandle_t)0;
}
CUCC_NVTX_API void nvtxDomainResourceDestroy(nvtxResourceHandle_t Resource) {
  (void)Resource;
}

#ifdef __cplusplus
}
#endif

#ifdef UNICODE
#define nvtxMark nvtxMarkW
#define nvtxRangeStart nvtxRangeStartW
#define nvtxRangePush nvtxRangePushW
#define nvtxNameCategory nvtxNameCategoryW
#define nvtxNameOsThread nvtxNameOsThreadW
#define nvtxDomainCreate nvtxDomainCreateW
#define nvtxDomainRegisterString nvtxDomainRegisterStringW
#define nvtxDomainNameCategory nvtxDomainNameCategoryW
#else
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxDomainCreate nvtxDomainCreateA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA
#define nvtxDomainNameCategory nvtxDomainNameCategoryA
#endif

#endif /* CUCC_NVTX3_NVTOOLSEXT_H */
