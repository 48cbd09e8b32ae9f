/** A graph grammar whose labels hold XML's special characters. */
export const SPECIAL = '{"start":"S","rules":[{"name":"r","lhs":"S","rhs":{"node":["<a&b>","\\"q\'"],"edge":[[0,1,"x<y"]]}}]}';
