/**
 * The pincode dataset the project ships (SPEC.md §3 registration address): India Post head and main offices of
 * the major cities of every state and union territory, with the district as India Post lists it. It is not the
 * full directory (~19,000 offices); an unknown pincode is answered E0035 and the applicant types city, district
 * and state themselves. To ship the full directory, replace this list with India Post's open data
 * (data.gov.in "All India Pincode Directory"), same columns.
 */
type Row = readonly [pincode: string, office: string, city: string, district: string, state: string];

const ROWS: readonly Row[] = [
  // Andhra Pradesh
  ['520001', 'Vijayawada H.O', 'Vijayawada', 'Krishna', 'Andhra Pradesh'],
  ['530001', 'Visakhapatnam H.O', 'Visakhapatnam', 'Visakhapatnam', 'Andhra Pradesh'],
  ['522001', 'Guntur H.O', 'Guntur', 'Guntur', 'Andhra Pradesh'],
  ['524001', 'Nellore H.O', 'Nellore', 'Nellore', 'Andhra Pradesh'],
  ['517501', 'Tirupati H.O', 'Tirupati', 'Chittoor', 'Andhra Pradesh'],
  // Arunachal Pradesh
  ['791111', 'Itanagar S.O', 'Itanagar', 'Papum Pare', 'Arunachal Pradesh'],
  // Assam
  ['781001', 'Guwahati G.P.O.', 'Guwahati', 'Kamrup Metropolitan', 'Assam'],
  ['786001', 'Dibrugarh H.O', 'Dibrugarh', 'Dibrugarh', 'Assam'],
  ['788001', 'Silchar H.O', 'Silchar', 'Cachar', 'Assam'],
  // Bihar
  ['800001', 'Patna G.P.O.', 'Patna', 'Patna', 'Bihar'],
  ['812001', 'Bhagalpur H.O', 'Bhagalpur', 'Bhagalpur', 'Bihar'],
  ['842001', 'Muzaffarpur H.O', 'Muzaffarpur', 'Muzaffarpur', 'Bihar'],
  ['823001', 'Gaya H.O', 'Gaya', 'Gaya', 'Bihar'],
  // Chhattisgarh
  ['492001', 'Raipur H.O', 'Raipur', 'Raipur', 'Chhattisgarh'],
  ['490001', 'Durg H.O', 'Durg', 'Durg', 'Chhattisgarh'],
  ['495001', 'Bilaspur H.O', 'Bilaspur', 'Bilaspur', 'Chhattisgarh'],
  // Goa
  ['403001', 'Panaji H.O', 'Panaji', 'North Goa', 'Goa'],
  ['403601', 'Margao H.O', 'Margao', 'South Goa', 'Goa'],
  // Gujarat
  ['380001', 'Ahmedabad G.P.O.', 'Ahmedabad', 'Ahmedabad', 'Gujarat'],
  ['380009', 'Navrangpura S.O', 'Ahmedabad', 'Ahmedabad', 'Gujarat'],
  ['382010', 'Gandhinagar H.O', 'Gandhinagar', 'Gandhinagar', 'Gujarat'],
  ['395003', 'Surat H.O', 'Surat', 'Surat', 'Gujarat'],
  ['390001', 'Vadodara H.O', 'Vadodara', 'Vadodara', 'Gujarat'],
  ['360001', 'Rajkot H.O', 'Rajkot', 'Rajkot', 'Gujarat'],
  // Haryana
  ['122001', 'Gurgaon H.O', 'Gurugram', 'Gurugram', 'Haryana'],
  ['121001', 'Faridabad H.O', 'Faridabad', 'Faridabad', 'Haryana'],
  ['132001', 'Karnal H.O', 'Karnal', 'Karnal', 'Haryana'],
  ['124001', 'Rohtak H.O', 'Rohtak', 'Rohtak', 'Haryana'],
  // Himachal Pradesh
  ['171001', 'Shimla G.P.O.', 'Shimla', 'Shimla', 'Himachal Pradesh'],
  ['175001', 'Mandi H.O', 'Mandi', 'Mandi', 'Himachal Pradesh'],
  ['176215', 'Dharamshala H.O', 'Dharamshala', 'Kangra', 'Himachal Pradesh'],
  // Jharkhand
  ['834001', 'Ranchi G.P.O.', 'Ranchi', 'Ranchi', 'Jharkhand'],
  ['831001', 'Jamshedpur H.O', 'Jamshedpur', 'East Singhbhum', 'Jharkhand'],
  ['826001', 'Dhanbad H.O', 'Dhanbad', 'Dhanbad', 'Jharkhand'],
  // Karnataka
  ['560001', 'Bangalore G.P.O.', 'Bengaluru', 'Bengaluru Urban', 'Karnataka'],
  ['560034', 'Koramangala S.O', 'Bengaluru', 'Bengaluru Urban', 'Karnataka'],
  ['560038', 'Indiranagar S.O', 'Bengaluru', 'Bengaluru Urban', 'Karnataka'],
  ['560011', 'Jayanagar S.O', 'Bengaluru', 'Bengaluru Urban', 'Karnataka'],
  ['570001', 'Mysore H.O', 'Mysuru', 'Mysuru', 'Karnataka'],
  ['575001', 'Mangalore H.O', 'Mangaluru', 'Dakshina Kannada', 'Karnataka'],
  ['580020', 'Hubli H.O', 'Hubballi', 'Dharwad', 'Karnataka'],
  ['590001', 'Belgaum H.O', 'Belagavi', 'Belagavi', 'Karnataka'],
  // Kerala
  ['695001', 'Thiruvananthapuram G.P.O.', 'Thiruvananthapuram', 'Thiruvananthapuram', 'Kerala'],
  ['682011', 'Ernakulam H.O', 'Kochi', 'Ernakulam', 'Kerala'],
  ['673001', 'Kozhikode H.O', 'Kozhikode', 'Kozhikode', 'Kerala'],
  ['680001', 'Thrissur H.O', 'Thrissur', 'Thrissur', 'Kerala'],
  // Madhya Pradesh
  ['462001', 'Bhopal G.P.O.', 'Bhopal', 'Bhopal', 'Madhya Pradesh'],
  ['452001', 'Indore G.P.O.', 'Indore', 'Indore', 'Madhya Pradesh'],
  ['482001', 'Jabalpur H.O', 'Jabalpur', 'Jabalpur', 'Madhya Pradesh'],
  ['474001', 'Gwalior H.O', 'Gwalior', 'Gwalior', 'Madhya Pradesh'],
  // Maharashtra
  ['400001', 'Mumbai G.P.O.', 'Mumbai', 'Mumbai', 'Maharashtra'],
  ['400050', 'Bandra West S.O', 'Mumbai', 'Mumbai Suburban', 'Maharashtra'],
  ['400069', 'Andheri East S.O', 'Mumbai', 'Mumbai Suburban', 'Maharashtra'],
  ['400601', 'Thane H.O', 'Thane', 'Thane', 'Maharashtra'],
  ['400703', 'Vashi S.O', 'Navi Mumbai', 'Thane', 'Maharashtra'],
  ['411001', 'Pune G.P.O.', 'Pune', 'Pune', 'Maharashtra'],
  ['411004', 'Deccan Gymkhana S.O', 'Pune', 'Pune', 'Maharashtra'],
  ['411011', 'Kasba Peth S.O', 'Pune', 'Pune', 'Maharashtra'],
  ['411037', 'Market Yard S.O', 'Pune', 'Pune', 'Maharashtra'],
  ['440001', 'Nagpur G.P.O.', 'Nagpur', 'Nagpur', 'Maharashtra'],
  ['440012', 'Sitabuldi S.O', 'Nagpur', 'Nagpur', 'Maharashtra'],
  ['422001', 'Nashik H.O', 'Nashik', 'Nashik', 'Maharashtra'],
  ['431001', 'Aurangabad H.O', 'Chhatrapati Sambhajinagar', 'Chhatrapati Sambhajinagar', 'Maharashtra'],
  ['416001', 'Kolhapur H.O', 'Kolhapur', 'Kolhapur', 'Maharashtra'],
  // Manipur
  ['795001', 'Imphal H.O', 'Imphal', 'Imphal West', 'Manipur'],
  // Meghalaya
  ['793001', 'Shillong G.P.O.', 'Shillong', 'East Khasi Hills', 'Meghalaya'],
  // Mizoram
  ['796001', 'Aizawl H.O', 'Aizawl', 'Aizawl', 'Mizoram'],
  // Nagaland
  ['797001', 'Kohima H.O', 'Kohima', 'Kohima', 'Nagaland'],
  ['797112', 'Dimapur H.O', 'Dimapur', 'Dimapur', 'Nagaland'],
  // Odisha
  ['751001', 'Bhubaneswar G.P.O.', 'Bhubaneswar', 'Khordha', 'Odisha'],
  ['753001', 'Cuttack G.P.O.', 'Cuttack', 'Cuttack', 'Odisha'],
  ['769001', 'Rourkela H.O', 'Rourkela', 'Sundargarh', 'Odisha'],
  // Punjab
  ['141001', 'Ludhiana H.O', 'Ludhiana', 'Ludhiana', 'Punjab'],
  ['143001', 'Amritsar H.O', 'Amritsar', 'Amritsar', 'Punjab'],
  ['144001', 'Jalandhar City H.O', 'Jalandhar', 'Jalandhar', 'Punjab'],
  ['147001', 'Patiala H.O', 'Patiala', 'Patiala', 'Punjab'],
  // Rajasthan
  ['302001', 'Jaipur G.P.O.', 'Jaipur', 'Jaipur', 'Rajasthan'],
  ['342001', 'Jodhpur H.O', 'Jodhpur', 'Jodhpur', 'Rajasthan'],
  ['313001', 'Udaipur H.O', 'Udaipur', 'Udaipur', 'Rajasthan'],
  ['324001', 'Kota H.O', 'Kota', 'Kota', 'Rajasthan'],
  ['305001', 'Ajmer H.O', 'Ajmer', 'Ajmer', 'Rajasthan'],
  // Sikkim
  ['737101', 'Gangtok H.O', 'Gangtok', 'Gangtok', 'Sikkim'],
  // Tamil Nadu
  ['600001', 'Chennai G.P.O.', 'Chennai', 'Chennai', 'Tamil Nadu'],
  ['600017', 'T Nagar S.O', 'Chennai', 'Chennai', 'Tamil Nadu'],
  ['641001', 'Coimbatore H.O', 'Coimbatore', 'Coimbatore', 'Tamil Nadu'],
  ['625001', 'Madurai H.O', 'Madurai', 'Madurai', 'Tamil Nadu'],
  ['620001', 'Tiruchirappalli H.O', 'Tiruchirappalli', 'Tiruchirappalli', 'Tamil Nadu'],
  ['636001', 'Salem H.O', 'Salem', 'Salem', 'Tamil Nadu'],
  // Telangana
  ['500001', 'Hyderabad G.P.O.', 'Hyderabad', 'Hyderabad', 'Telangana'],
  ['500003', 'Secunderabad H.O', 'Secunderabad', 'Hyderabad', 'Telangana'],
  ['500034', 'Banjara Hills S.O', 'Hyderabad', 'Hyderabad', 'Telangana'],
  ['506002', 'Warangal H.O', 'Warangal', 'Warangal', 'Telangana'],
  // Tripura
  ['799001', 'Agartala H.O', 'Agartala', 'West Tripura', 'Tripura'],
  // Uttar Pradesh
  ['226001', 'Lucknow G.P.O.', 'Lucknow', 'Lucknow', 'Uttar Pradesh'],
  ['208001', 'Kanpur H.O', 'Kanpur', 'Kanpur Nagar', 'Uttar Pradesh'],
  ['221001', 'Varanasi H.O', 'Varanasi', 'Varanasi', 'Uttar Pradesh'],
  ['282001', 'Agra H.O', 'Agra', 'Agra', 'Uttar Pradesh'],
  ['211001', 'Allahabad H.O', 'Prayagraj', 'Prayagraj', 'Uttar Pradesh'],
  ['201301', 'Noida S.O', 'Noida', 'Gautam Buddha Nagar', 'Uttar Pradesh'],
  ['201001', 'Ghaziabad H.O', 'Ghaziabad', 'Ghaziabad', 'Uttar Pradesh'],
  ['250001', 'Meerut H.O', 'Meerut', 'Meerut', 'Uttar Pradesh'],
  // Uttarakhand
  ['248001', 'Dehradun H.O', 'Dehradun', 'Dehradun', 'Uttarakhand'],
  ['249401', 'Haridwar H.O', 'Haridwar', 'Haridwar', 'Uttarakhand'],
  // West Bengal
  ['700001', 'Kolkata G.P.O.', 'Kolkata', 'Kolkata', 'West Bengal'],
  ['700019', 'Ballygunge S.O', 'Kolkata', 'Kolkata', 'West Bengal'],
  ['711101', 'Howrah H.O', 'Howrah', 'Howrah', 'West Bengal'],
  ['734001', 'Siliguri H.O', 'Siliguri', 'Darjeeling', 'West Bengal'],
  ['713201', 'Durgapur H.O', 'Durgapur', 'Paschim Bardhaman', 'West Bengal'],
  // Union territories
  ['110001', 'New Delhi G.P.O.', 'New Delhi', 'New Delhi', 'Delhi'],
  ['110006', 'Delhi G.P.O.', 'Delhi', 'Central Delhi', 'Delhi'],
  ['110017', 'Malviya Nagar S.O', 'New Delhi', 'South Delhi', 'Delhi'],
  ['110024', 'Lajpat Nagar S.O', 'New Delhi', 'South East Delhi', 'Delhi'],
  ['160017', 'Chandigarh Sector 17 H.O', 'Chandigarh', 'Chandigarh', 'Chandigarh'],
  ['190001', 'Srinagar G.P.O.', 'Srinagar', 'Srinagar', 'Jammu and Kashmir'],
  ['180001', 'Jammu Tawi H.O', 'Jammu', 'Jammu', 'Jammu and Kashmir'],
  ['194101', 'Leh H.O', 'Leh', 'Leh', 'Ladakh'],
  ['605001', 'Pondicherry H.O', 'Puducherry', 'Puducherry', 'Puducherry'],
  ['744101', 'Port Blair H.O', 'Port Blair', 'South Andaman', 'Andaman and Nicobar Islands'],
  ['682555', 'Kavaratti S.O', 'Kavaratti', 'Lakshadweep', 'Lakshadweep'],
  ['396230', 'Silvassa S.O', 'Silvassa', 'Dadra and Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['396210', 'Daman S.O', 'Daman', 'Daman', 'Dadra and Nagar Haveli and Daman and Diu'],
];

export interface PincodePlace {
  pincode: string;
  office: string;
  city: string;
  district: string;
  state: string;
}

const BY_PINCODE = new Map<string, PincodePlace>(
  ROWS.map(([pincode, office, city, district, state]) => [pincode, { pincode, office, city, district, state }]),
);

export function lookupPincode(pincode: string): PincodePlace | undefined {
  return BY_PINCODE.get(pincode);
}

export const PINCODE_COUNT = BY_PINCODE.size;
/** States and union territories the dataset covers (a test checks all 36 are there). */
export const PINCODE_STATES = new Set(ROWS.map((r) => r[4]));
