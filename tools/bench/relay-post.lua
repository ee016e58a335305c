-- wrk script for tools/bench/relay: POST /push/send with Home Assistant's body, spread over
-- 1,000 push tokens so no token reaches the (raised) daily limit.
counter = 0
request = function()
  counter = counter + 1
  local body = '{"push_token":"bench-' .. (counter % 1000) .. '","registration_info":{"app_id":"io.homecompanion.linux",'
    .. '"app_version":"0.1.0","os_version":"12"},"message":"Benchmark ' .. counter .. '","title":"wrk","data":{"tag":"t"}}'
  return wrk.format("POST", "/push/send", {["Content-Type"] = "application/json"}, body)
end
