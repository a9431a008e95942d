define dllexport void @shared_div64(i32 %arg0, i64 %arg1, i64 %arg2) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = or <8 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v20 = ashr <8 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v21 = xor <8 x i64> %v0, %v20
  %v22 = sub <8 x i64> %v21, %v20
  %v23 = ashr <8 x i64> %v2, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v24 = xor <8 x i64> %v2, %v23
  %v25 = sub <8 x i64> %v24, %v23
  %v26 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v22, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v27 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v25, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v28 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v26, <16 x i64> %v27)
  %v29 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v28, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v30 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v28, i32 0, i32 8, i32 1, i16 128, i32 undef)
  %v31 = xor <8 x i64> %v20, %v23
  %v32 = xor <8 x i64> %v29, %v31
  %v3 = sub <8 x i64> %v32, %v31
  %v33 = xor <8 x i64> %v30, %v20
  %v4 = sub <8 x i64> %v33, %v20
  %v34 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v3, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v35 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> <i64 3, i64 -3, i64 10000000019, i64 7, i64 -9223372036854775807, i64 5, i64 1000, i64 -1>, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v36 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v34, <16 x i64> %v35)
  %v37 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v36, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v38 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v36, i32 0, i32 8, i32 1, i16 128, i32 undef)
  %v6 = add <8 x i64> %v4, %v38
  %v7 = xor <8 x i64> %v6, %v3
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v7)
  %v9 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v0, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v10 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v2, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v39 = ashr <4 x i64> %v9, <i64 63, i64 63, i64 63, i64 63>
  %v40 = xor <4 x i64> %v9, %v39
  %v41 = sub <4 x i64> %v40, %v39
  %v42 = ashr <4 x i64> %v10, <i64 63, i64 63, i64 63, i64 63>
  %v43 = xor <4 x i64> %v10, %v42
  %v44 = sub <4 x i64> %v43, %v42
  %v45 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v41, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v46 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v44, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v47 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v45, <16 x i64> %v46)
  %v48 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v32i64.i16(<32 x i64> %v47, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v49 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v32i64.i16(<32 x i64> %v47, i32 0, i32 4, i32 1, i16 128, i32 undef)
  %v50 = xor <4 x i64> %v39, %v42
  %v51 = xor <4 x i64> %v48, %v50
  %v11 = sub <4 x i64> %v51, %v50
  %v12 = or i64 %arg2, 1
  %v52 = ashr i64 %arg1, 63
  %v53 = xor i64 %arg1, %v52
  %v54 = sub i64 %v53, %v52
  %v55 = ashr i64 %v12, 63
  %v56 = xor i64 %v12, %v55
  %v57 = sub i64 %v56, %v55
  %v58 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v54, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v59 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v57, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v60 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v58, <16 x i64> %v59)
  %v61 = call i64 @llvm.genx.rdregioni.i64.v32i64.i16(<32 x i64> %v60, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v62 = call i64 @llvm.genx.rdregioni.i64.v32i64.i16(<32 x i64> %v60, i32 0, i32 1, i32 1, i16 128, i32 undef)
  %v63 = xor i64 %v52, %v55
  %v64 = xor i64 %v61, %v63
  %v13 = sub i64 %v64, %v63
  %v65 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v66 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 -10, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v67 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v65, <16 x i64> %v66)
  %v68 = call i64 @llvm.genx.rdregioni.i64.v32i64.i16(<32 x i64> %v67, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v69 = call i64 @llvm.genx.rdregioni.i64.v32i64.i16(<32 x i64> %v67, i32 0, i32 1, i32 1, i16 128, i32 undef)
  %v15 = add i64 %v13, %v69
  %v16 = call <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64> undef, i64 %v15, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v17 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %v16, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v18 = add <4 x i64> %v11, %v17
  call void @llvm.genx.oword.st.v4i64(i32 %arg0, i32 16, <4 x i64> %v18)
  ret void
}

define internal <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %arg0, <16 x i64> %arg1) {
bb0:
  br label %bb1
bb1:
  %v0 = phi <16 x i64> [ %arg0, %bb0 ], [ %v11, %bb1 ]
  %v1 = phi <16 x i64> [ <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>, %bb0 ], [ %v9, %bb1 ]
  %v2 = phi i32 [ 64, %bb0 ], [ %v12, %bb1 ]
  %v3 = lshr <16 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v4 = shl <16 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v5 = or <16 x i64> %v4, %v3
  %v6 = shl <16 x i64> %v0, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v7 = icmp uge <16 x i64> %v5, %arg1
  %v8 = sub <16 x i64> %v5, %arg1
  %v9 = select <16 x i1> %v7, <16 x i64> %v8, <16 x i64> %v5
  %v10 = or <16 x i64> %v6, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v11 = select <16 x i1> %v7, <16 x i64> %v10, <16 x i64> %v6
  %v12 = sub i32 %v2, 1
  %v13 = icmp ne i32 %v12, 0
  br i1 %v13, label %bb1, label %bb2
bb2:
  %v14 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> undef, <16 x i64> %v11, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> %v14, <16 x i64> %v9, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  ret <32 x i64> %v15
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i64(i32, i32, <4 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare i64 @llvm.genx.rdregioni.i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64>, <16 x i64>, i32, i32, i32, i16, i32, i1)
declare <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, i64)* @shared_div64, !"shared_div64", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
