define dllexport void @div64_regions(i32 %arg0, <4 x i32> %arg1) {
bb0:
  %v0 = icmp sgt <4 x i32> %arg1, <i32 0, i32 0, i32 0, i32 0>
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v2 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v3 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 64, i32 undef)
  %v14 = ashr <4 x i64> %v2, <i64 63, i64 63, i64 63, i64 63>
  %v15 = xor <4 x i64> %v2, %v14
  %v16 = sub <4 x i64> %v15, %v14
  %v17 = ashr <4 x i64> %v3, <i64 63, i64 63, i64 63, i64 63>
  %v18 = xor <4 x i64> %v3, %v17
  %v19 = sub <4 x i64> %v18, %v17
  %v20 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v16, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v21 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v19, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v22 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v20, <16 x i64> %v21)
  %v23 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v32i64.i16(<32 x i64> %v22, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v25 = xor <4 x i64> %v14, %v17
  %v26 = xor <4 x i64> %v23, %v25
  %v4 = sub <4 x i64> %v26, %v25
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v1, <4 x i64> %v4, i32 0, i32 4, i32 1, i16 8, i32 undef, <4 x i1> %v0)
  %v27 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v5, <16 x i64> %v1)
  %v29 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v27, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v7 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v29, <4 x i64> %v4, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v7)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>)
  %v10 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v30 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v10, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v31 = fptosi <16 x float> %v30 to <16 x i64>
  %v33 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v10, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v34 = fptosi <16 x float> %v33 to <16 x i64>
  %v37 = uitofp <16 x i64> %v31 to <16 x float>
  %v38 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v37, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v40 = uitofp <16 x i64> %v34 to <16 x float>
  %v41 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v38, <16 x float> %v40, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 8, <32 x float> %v41)
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

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, <4 x i1>)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64>, <16 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <4 x i32>)* @div64_regions, !"div64_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
