#include <hiredis/hiredis.h>

/* The reply element `index` of an array reply (Swift cannot index a C array of pointers it
   sees as opaque). */
static inline redisReply *hc_redis_element(redisReply *reply, size_t index) {
    return reply->element[index];
}
