/**
 * The `appointment_category` of a resource type whose resources are campus areas taking
 * visitors. Such an area is booked through visit applications (its daily visitor quota), never
 * through the booking engine, which refuses it.
 */
export const VISITOR_CATEGORY = 'visitor';
