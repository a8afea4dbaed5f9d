-- custom: an erased customer's appointments lost their vehicle's plate key (0043's erasure removed
-- it), and an appointment's answer needs one: their plate is now empty instead.
UPDATE "appointments" SET "vehicle_info" = "vehicle_info" || '{"plateNumber": ""}'::jsonb
  WHERE NOT ("vehicle_info" ? 'plateNumber');
