-- Whether an event's payload and metadata are JSON that Jackson writes back byte for byte (issue 24, export at the
-- speed of a scan): found when the row is stored, so that an export writes them as they are without parsing and
-- writing each again. Null for the rows stored before: an export checks those as it did.
alter table domain_event_entry add column canonical_json boolean;
